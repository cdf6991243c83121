"""Oracle-text importer (work in progress)."""
