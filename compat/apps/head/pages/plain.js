// No <Head> of its own: _app's tags stand.
export default function Plain() {
  return <h1>Plain page</h1>;
}
