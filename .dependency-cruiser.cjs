/**
 * The layers of the code, as imports must respect them (README, "Architecture
 * in a paragraph"). test/architecture.test.ts runs these rules over the tree
 * and fails on any violation; `npx depcruise core functions web/src clients/typescript/src infra bench scripts api-spec`
 * prints them. Imports run downward only, and form no circle.
 */
const layer = (name, from, to, comment) => ({ name, severity: 'error', comment, from: { path: from }, to: { path: to } });

module.exports = {
  forbidden: [
    { name: 'no-circular', severity: 'error', comment: 'Modules that import each other cannot be understood, tested or moved apart.', from: {}, to: { circular: true } },
    layer('kit-stands-alone', '^core/engine/', '^(core/(games|table)|functions|web|clients|infra)/', 'The engine kit is the bottom layer: it knows no game, no table rule and no I/O.'),
    layer('games-know-only-the-kit', '^core/games/', '^(core/table|functions|web|clients|infra)/', 'A game is its rules on top of the kit; table rules apply to every game from beside it.'),
    layer('table-knows-only-the-kit', '^core/table/', '^(core/games|functions|web|clients|infra)/', 'The table rules hold for every game: they see games only through the kit’s contract.'),
    layer('web-speaks-the-api', '^web/src/', '^(functions|infra)/', 'The web client is built on the public API and the typed client only.'),
    layer('web-verifies-with-core-only', '^web/src/(?!verify/)', '^core/', 'Only the end-of-game verifier runs our engine in the browser.'),
    layer('client-speaks-the-api', '^clients/typescript/src/', '^(core|functions|web|infra)/', 'The typed client is generated from the contract and depends on nothing of the server.'),
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '(^|/)(node_modules|dist|cdk\\.out)/' },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
    enhancedResolveOptions: { extensions: ['.ts', '.tsx', '.js', '.json'] },
  },
};
