// A page re-exporting another one, data function included.
export { default, getStaticProps } from './about';
