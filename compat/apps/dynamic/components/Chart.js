export default function Chart() {
  return <p id="chart">Chart drawn</p>;
}
