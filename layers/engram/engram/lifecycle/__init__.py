"""Lifecycle: consolidation, cleanup, decay, salience, hierarchy, profiles, feedback."""
