export default function AboutV2() {
  return <h1>About, second version</h1>;
}
