export default function BlogIndex() {
  return <h1>Blog index</h1>;
}
