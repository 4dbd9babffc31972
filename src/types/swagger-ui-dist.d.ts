declare module "swagger-ui-dist" {
  /** The folder holding Swagger UI's built files. */
  export function getAbsoluteFSPath(): string;
}
