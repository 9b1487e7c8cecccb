// satpuz serve: shared page code
