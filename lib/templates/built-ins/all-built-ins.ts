import { bugFix } from "./bug-fix";
import type { BuiltInTemplate } from "./built-in-template";
import { experiment } from "./experiment";
import { productRequirements } from "./product-requirements";
import { technicalDesign } from "./technical-design";

/** The templates every project starts with, in the order they are offered. */
export const builtInTemplates: readonly BuiltInTemplate[] = [productRequirements, bugFix, technicalDesign, experiment];
