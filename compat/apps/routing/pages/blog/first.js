export default function First() {
  return <h1>Blog first (static file)</h1>;
}
