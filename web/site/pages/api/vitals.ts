/**
 * Where `reportWebVitals` (pages/_app.tsx) sends each metric: written to the function's log as
 * a CloudWatch metric by route (stratus/web-vitals checks the name, value and route).
 */
export { webVitalsHandler as default } from 'stratus/web-vitals';
