// No headers, redirects or middleware: the framework's own cost, nothing of ours.
const config = {};
export default config;
