// Placeholder until this stage lands; see the package manifest for its job.
