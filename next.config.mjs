/** @type {import('next').NextConfig} */
const nextConfig = {
  // Native and server-only packages stay outside the bundle.
  serverExternalPackages: [
    "better-sqlite3",
    "@node-rs/argon2",
    "pg",
    "swagger-ui-dist",
    "nodemailer",
    "prom-client",
    "pino",
    "@grpc/grpc-js",
    "@grpc/proto-loader",
    "grpc-health-check",
    "playwright-core",
  ],
  poweredByHeader: false,
  typedRoutes: false,
};

export default nextConfig;
