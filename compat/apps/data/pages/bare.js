export default function Bare(props) {
  return <h1>Bare props {JSON.stringify(props)}</h1>;
}

// No props at all: the page gets empty props.
export async function getServerSideProps() {
  return {};
}
