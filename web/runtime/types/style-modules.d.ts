/** Stylesheets imported for their side effect (`import './styles.css'`): bundled into the page's CSS. */
declare module '*.css';
