export default function Ssr({ locale }) {
  return <h1>Server locale {locale}</h1>;
}

export async function getServerSideProps({ locale }) {
  return { props: { locale } };
}
