// The whole program: every resource of tenant.yaml (plus tenant.<stack>.yaml) for this stack.
const { tenantFromManifest } = require("pulumi-travel");

const tenant = tenantFromManifest(require("node:path").join(__dirname, "tenant.yaml"));

exports.companyId = tenant.company.companyId;
