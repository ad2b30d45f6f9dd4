export default function Beta() {
  return <h1>Beta home</h1>;
}
