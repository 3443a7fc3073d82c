/** Tables of the login-security calls (migration 0007_login_security). */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type
export interface LoginSecurityTables {}
