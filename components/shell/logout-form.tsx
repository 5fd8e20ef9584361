'use client';

export const LOGOUT_FORM_ID = 'logout-form';

/**
 * Logout is a POST to /logout (the server revokes the session and sends Clear-Site-Data);
 * the stored state is also cleared here. Menu items submit it with form={LOGOUT_FORM_ID}.
 */
export function LogoutForm() {
  return (
    <form
      id={LOGOUT_FORM_ID}
      action="/logout"
      method="post"
      hidden
      onSubmit={() => {
        window.localStorage.clear();
        window.sessionStorage.clear();
      }}
    />
  );
}
