export { UsersPage } from './components/users-page';
export { UserFormDialog, type UserFormMode } from './components/user-form-dialog';
export { saveDrawerOpen } from './api/drawer';
