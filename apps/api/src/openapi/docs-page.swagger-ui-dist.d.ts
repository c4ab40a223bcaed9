/** swagger-ui-dist ships no types; the page needs only where its files are. */
declare module 'swagger-ui-dist/absolute-path.js' {
  const getAbsoluteFSPath: () => string;
  export default getAbsoluteFSPath;
}
