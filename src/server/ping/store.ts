import { pingStore } from "../storage/engine";
import { eventPlanner } from "./planner";

const planner = eventPlanner();

/** This process's ping store (storage/engine.ts), deciding events by the ping room's planner. */
export const processPingStore = () => pingStore(planner);
