// Removes the run's temporary folder (jest-global-setup.cjs).
const { rmSync } = require('node:fs');

module.exports = () => {
  const root = process.env.STRATUS_TEST_TEMP_ROOT;
  if (root) rmSync(root, { recursive: true, force: true, maxRetries: 3 });
};
