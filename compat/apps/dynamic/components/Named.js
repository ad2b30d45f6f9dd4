export function Named() {
  return <p id="named">A named export</p>;
}
