/** Stylesheets imported for their side effect (`import './styles.css'`): bundled into the page's CSS. */
declare module '*.css';
declare module '*.scss';
declare module '*.sass';

/** CSS Modules: `styles.title` is the class name the build gave `.title` in that file (and an `:export`ed value is itself). */
declare module '*.module.css' {
  const classes: { readonly [name: string]: string };
  export default classes;
}
declare module '*.module.scss' {
  const classes: { readonly [name: string]: string };
  export default classes;
}
declare module '*.module.sass' {
  const classes: { readonly [name: string]: string };
  export default classes;
}
