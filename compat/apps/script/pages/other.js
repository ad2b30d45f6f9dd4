export default function Other() {
  return <h1>Other page</h1>;
}
