export { UsersPage } from './components/UsersPage';
export { UserFormDialog, type UserFormMode } from './components/UserFormDialog';
export { saveDrawerOpen } from './api/drawer';
