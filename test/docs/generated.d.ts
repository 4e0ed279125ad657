// `faultline/schema.json` is written by the build (scripts/generate-json-schema.mjs), so it is not there
// before `npm run build`. The snippets type it from this declaration, built or not; the pack test
// imports the real file from the tarball.
declare module 'faultline/schema.json' {
  const schema: { readonly $id: string; readonly [keyword: string]: unknown };
  export default schema;
}
