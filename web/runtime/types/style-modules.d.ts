/** Stylesheets imported for their side effect (`import './styles.css'`): bundled into the page's CSS. */
declare module '*.css';

/** CSS Modules: `styles.title` is the class name the build gave `.title` in that file. */
declare module '*.module.css' {
  const classes: { readonly [name: string]: string };
  export default classes;
}
