// oidc-provider ships no type declarations; the tests use its documented constructor and callback().
declare module "oidc-provider";
