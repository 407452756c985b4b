export { TypesGenerationError, type TypesGenerationErrorCode } from './compiler.js';
export {
  type GeneratedToolTypes,
  type GeneratedTypes,
  type GenerateTypesOptions,
  generateTypes,
} from './generate-types.js';
export { pascalCase } from './type-names.js';
