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
    layer('kit-stands-alone', '^core/engine/', '^(core/(games|table|ratings)|functions|web|clients|infra)/', 'The engine kit is the bottom layer: it knows no game, no table rule and no I/O.'),
    layer('games-know-only-the-kit', '^core/games/', '^(core/(table|ratings)|functions|web|clients|infra)/', 'A game is its rules on top of the kit; table rules apply to every game from beside it.'),
    layer('ratings-know-only-the-kit', '^core/ratings/', '^(core/(games|table)|functions|web|clients|infra)/', 'Ratings read a finished game as data (its score sheet); they know no game, no table rule and no I/O.'),
    layer('table-knows-only-the-kit', '^core/table/', '^(core/(games|ratings)|functions|web|clients|infra)/', 'The table rules hold for every game: they see games only through the kit’s contract.'),
    layer('store-below-the-service', '^functions/store/', '^functions/(?!store/)', 'The game store is a port with its adapters: it knows the engine’s types and nothing of the service.'),
    layer('timers-below-the-service', '^functions/timers/', '^functions/(?!timers/)', 'The timer port and its adapters carry payloads; what a firing does is handed to them.'),
    layer('service-below-push-and-app', '^functions/service/', '^functions/(push|app|lambda|local|compose)', 'The service loads, decides and appends through ports; push, the app and the runners build on it.'),
    layer('push-below-the-app', '^functions/push/', '^functions/(app|lambda|local|compose)', 'Push observes commits and delivers them; the app and the runners build on it.'),
    layer('app-below-the-runners', '^functions/app/', '^functions/(lambda|local|compose)', 'The Hono app is given its context; only the runners choose adapters.'),
    layer('compose-below-the-runners', '^functions/compose', '^functions/(app|lambda|local)/', 'The composition root builds the service and push; the runners mount the app on it.'),
    layer('functions-stand-apart', '^functions/', '^(web|clients|infra|bench|scripts|test)/', 'The service never reaches into the clients, the infrastructure or the tools.'),
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
