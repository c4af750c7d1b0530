// @ts-check
// Import rules between the modules of src/, checked by `npm run lint` (scripts/check-module-cycles.mjs).
//
// A module is a top-level folder of src/ (src/orders, src/customers, src/catalog, …). src/common and
// src/database are shared: every module may use them, and they hold what every module needs (the
// entity list of the ORM, the write transaction), so imports into or out of them are not module
// dependencies. dependency-cruiser resolves every import of src/ (type-only ones included: they
// couple the code as much as the others); the script collapses the files into their modules and
// refuses any loop between modules. dependency-cruiser's own `circular` conditions see files or
// leaf folders only, not a top-level folder as one node, so the loop search is done there.

/** @type {import('dependency-cruiser').IConfiguration & { modules: { pattern: string; shared: string[]; relationTypes: string } }} */
module.exports = {
  modules: {
    // What a module is: the first folder under src/. `$1` names it.
    pattern: '^src/([^/]+)/',
    shared: ['common', 'database'],
    // An entity names the entity on the other side of a relation by string (`@ManyToOne({ entity:
    // 'Order' })`) and only imports its type, so nothing is loaded at run time: a type-only import
    // from one entity file to another is the ORM's single model of the tables, not a dependency of
    // one module's code on another's. Any other import, type-only or not, counts.
    relationTypes: '\\.entity\\.ts$',
  },
  options: {
    tsConfig: { fileName: 'tsconfig.json' },
    tsPreCompilationDeps: true,
    doNotFollow: { path: 'node_modules' },
    // Unit tests live next to the code and may borrow other modules' builders; they are not part of
    // the product's structure.
    exclude: { path: '\\.spec\\.ts$' },
  },
};
