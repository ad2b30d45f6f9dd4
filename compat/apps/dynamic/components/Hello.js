export default function Hello({ name }) {
  return <p id="hello">Hello, {name}, from a code-split component</p>;
}
