// A file starting with an underscore, beside the pages.
export default function Private() {
  return <h1>Private</h1>;
}
