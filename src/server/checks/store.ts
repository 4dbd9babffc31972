import { checkStore } from "../storage/engine";
import { checkRules } from "./rules";

const rules = checkRules();

/** This process's check store (storage/engine.ts), deciding by the check room's rules. */
export const processCheckStore = () => checkStore(rules);
