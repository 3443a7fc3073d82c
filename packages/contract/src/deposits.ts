/* Contract of the deposits calls (spec §7 names); filled by the module's work. */
export {};
