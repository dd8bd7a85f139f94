/** Where the sandbox serves its main tenant's service (after a service segment in a non-default dialect). */
export const mainServicePath = () => process.env.ORCHESTRATOR_SANDBOX_SERVICE_PATH ?? '/sandbox/main';
