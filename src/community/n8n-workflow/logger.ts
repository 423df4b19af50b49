// n8n's LoggerProxy: packages log through it. Lines go to the package host's stderr, which the
// server reads into its own log with the package named.
type Meta = Record<string, unknown>;
const write = (level: string) => (message: string, meta?: Meta) => {
  process.stderr.write(`${JSON.stringify({ level, message: String(message), ...(meta && typeof meta === 'object' ? { meta } : {}) })}\n`);
};

export const LoggerProxy = {
  init(): void {},
  error: write('error'),
  warn: write('warn'),
  info: write('info'),
  debug: write('debug'),
  verbose: write('debug'),
};
