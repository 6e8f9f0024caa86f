// @mixmark-io/domino (turndown's DOM for runtimes without one) ships its types for the name "domino".
declare module '@mixmark-io/domino' {
  const domino: { createDocument(html?: string, force?: boolean): Document };
  export default domino;
}
