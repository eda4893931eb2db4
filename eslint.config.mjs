// Lint rules: eslint's and typescript-eslint's recommended sets, with type information, so that
// floating promises and unsafe any reach review as errors.
import js from "@eslint/js";
import tseslint from "typescript-eslint";

export default tseslint.config(
  // examples/typescript-tenant and examples/fleet are users' projects: their own tsconfig resolves
  // pulumi-travel only once installed. `npm run typecheck` checks them through the root tsconfig;
  // e2e tests run them.
  {
    ignores: [
      "dist/",
      "node_modules/",
      // A user's Pulumi project, type-checked through its own install in the CI recipes test.
      "examples/ci/project/",
      ".tools/",
      ".pulumi-state/",
      "eslint.config.mjs",
      "examples/typescript-tenant/",
      "examples/fleet/",
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommendedTypeChecked,
  {
    languageOptions: {
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
    },
    rules: {
      "@typescript-eslint/no-floating-promises": "error",
      "@typescript-eslint/no-non-null-assertion": "error",
      "@typescript-eslint/no-unused-vars": [
        "error",
        { argsIgnorePattern: "^_", varsIgnorePattern: "^_", destructuredArrayIgnorePattern: "^_" },
      ],
      "@typescript-eslint/no-require-imports": "off",
      "@typescript-eslint/require-await": "off",
      "@typescript-eslint/only-throw-error": "off",
    },
  },
  {
    files: ["test/**/*.ts"],
    rules: {
      "@typescript-eslint/no-unsafe-member-access": "off",
      "@typescript-eslint/no-unsafe-assignment": "off",
      "@typescript-eslint/no-unsafe-argument": "off",
      "@typescript-eslint/no-unsafe-call": "off",
    },
  },
);
