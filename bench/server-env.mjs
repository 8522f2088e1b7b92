// The environment the bench starts the built server with (npm run bench, bench/admin-dashboard.mjs): production mode
// on loopback, a temporary data folder, and the seeded administrator the bench signs in as.
export function benchServerEnv(dataDir, port) {
  return {
    PATH: process.env.PATH,
    NODE_ENV: 'production',
    DATA_DIR: dataDir,
    PORT: String(port),
    HOST: '127.0.0.1',
    SESSION_SECRET: 'bench-secret-bench-secret-bench-secret-0123',
    TRUST_PROXY: 'true',
    SECURE_COOKIES: 'off',
    LOG_LEVEL: 'warn',
    ADMIN_USERNAME: 'bench-admin',
    ADMIN_PASSWORD: 'Bench-Admin-Pass-1',
  };
}
