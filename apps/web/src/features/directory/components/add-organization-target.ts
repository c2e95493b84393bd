import { createContext } from 'react';

/**
 * Where the closing 'Add Your Organization' card leads (SPEC.md): /submit-organization for a
 * signed-in registered user, /signup otherwise. The route decides and DirectoryPage provides it.
 */
export const AddOrganizationTarget = createContext('/signup');
