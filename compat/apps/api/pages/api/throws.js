export default function handler() {
  throw new Error('thrown in an API route');
}
