module merkleforge.example/capi

go 1.19
