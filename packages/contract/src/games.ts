/* Contract of the games calls; filled by the module's work. */
export {};
