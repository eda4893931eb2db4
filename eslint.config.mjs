// Lint rules: eslint's and typescript-eslint's recommended sets, with type information, so that
// floating promises and unsafe any reach review as errors.
import js from "@eslint/js";
import tseslint from "typescript-eslint";

export default tseslint.config(
  // examples/typescript-tenant is a user's project: its own tsconfig resolves pulumi-travel only
  // once installed. `npm run typecheck` checks it through the root tsconfig; an e2e test runs it.
  {
    ignores: [
      "dist/",
      "node_modules/",
      ".tools/",
      ".pulumi-state/",
      "eslint.config.mjs",
      "examples/typescript-tenant/",
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
