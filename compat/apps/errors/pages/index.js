export default function Home() {
  return <h1>Errors home</h1>;
}
