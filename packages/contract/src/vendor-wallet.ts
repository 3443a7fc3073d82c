/* Contract of the vendor-wallet calls; filled by the module's work. */
export {};
