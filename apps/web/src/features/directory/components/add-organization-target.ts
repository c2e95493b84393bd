import { createContext } from 'react';

/**
 * Where the closing 'Add Your Organization' card leads (docs/product.md#home-and-the-directory): /submit-organization for a
 * signed-in registered user, /signup otherwise. The route decides and DirectoryPage provides it.
 */
export const AddOrganizationTarget = createContext('/signup');
