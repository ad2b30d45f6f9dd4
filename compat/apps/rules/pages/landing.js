export default function Landing() {
  return <h1>Landing page</h1>;
}
