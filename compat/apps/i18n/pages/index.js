const GREETING = { en: 'Hello', fr: 'Bonjour', de: 'Hallo' };

export default function Home({ locale, locales, defaultLocale }) {
  return (
    <>
      <h1>{GREETING[locale]}</h1>
      <p>locale {locale} of {locales.join(', ')}, default {defaultLocale}</p>
    </>
  );
}

export async function getStaticProps({ locale, locales, defaultLocale }) {
  return { props: { locale, locales, defaultLocale } };
}
