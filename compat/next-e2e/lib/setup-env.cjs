// Next's tests read their mode from globals (global.isNextDeploy, …) and the bundler from
// the environment: set as the runner chose, the same for both targets.
const mode = process.env.STRATUS_E2E_MODE === 'start' ? 'start' : 'deploy';
global.isNextDev = false;
global.isNextStart = mode === 'start';
global.isNextDeploy = mode === 'deploy';
process.env.NEXT_TEST_MODE = mode;
process.env.TURBOPACK = '1';
process.env.IS_TURBOPACK_TEST = '1';
process.env.NEXT_TELEMETRY_DISABLED = '1';
